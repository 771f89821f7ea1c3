import type { ReactNode } from 'react';
import { Button, Form, type FormProps } from 'antd-mobile';

export interface CardFormProps<Values> {
  form?: FormProps['form'];
  initialValues?: Partial<Values>;
  onFinish: (values: Values) => void | Promise<void>;
  submitLabel: string;
  submitting: boolean;
  submitTestId: string;
  /** Under the button (a link to another screen). */
  afterSubmit?: ReactNode;
  children: ReactNode;
}

/** The shell's forms: fields stacked in a card, one full-width primary button under them. */
export function CardForm<Values>({ form, initialValues, onFinish, submitLabel, submitting, submitTestId, afterSubmit, children }: CardFormProps<Values>) {
  return (
    <Form
      form={form}
      className="auth-form"
      layout="vertical"
      mode="card"
      initialValues={initialValues}
      onFinish={onFinish}
      footer={
        <>
          <Button block type="submit" color="primary" size="large" loading={submitting} data-testid={submitTestId}>
            {submitLabel}
          </Button>
          {afterSubmit}
        </>
      }
    >
      {children}
    </Form>
  );
}
