import type { ReactNode } from 'react';
import { Button, Form, type FormProps } from 'antd-mobile';

export interface SubmitFormProps<Values> extends Omit<FormProps, 'footer' | 'onFinish' | 'children'> {
  onFinish: (values: Values) => unknown;
  /** The submit button: its words, whether its request still runs, and what else it needs. */
  submit: { text: string; busy: boolean; testId?: string; disabled?: boolean; size?: 'middle' | 'large' };
  /** A cancel button beside submit, for a form that edits something. */
  cancel?: { text: string; onClick: () => void };
  /** Under the buttons (a link to another screen). */
  footnote?: ReactNode;
  children: ReactNode;
}

const ACTIONS_ROW = { display: 'flex', flexWrap: 'wrap', gap: 8 } as const;

/** A form of fields one above another with the primary submit button across its foot (and cancel, when given). */
export function SubmitForm<Values>({ onFinish, submit, cancel, footnote, children, ...form }: SubmitFormProps<Values>) {
  const submitButton = (
    <Button block type="submit" color="primary" size={submit.size} loading={submit.busy} disabled={submit.disabled} data-testid={submit.testId}>
      {submit.text}
    </Button>
  );
  return (
    <Form
      layout="vertical"
      {...form}
      onFinish={(values: Values) => void onFinish(values)}
      footer={
        <>
          {cancel ? (
            <div style={ACTIONS_ROW}>
              {submitButton}
              <Button block onClick={cancel.onClick}>
                {cancel.text}
              </Button>
            </div>
          ) : (
            submitButton
          )}
          {footnote}
        </>
      }
    >
      {children}
    </Form>
  );
}
