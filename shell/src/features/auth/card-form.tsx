import { SubmitForm, type SubmitFormProps } from '@rigshare/ui';

/** The shell's forms: fields stacked in a card, one large full-width primary button under them. */
export function CardForm<Values>({ submit, ...form }: SubmitFormProps<Values>) {
  return <SubmitForm className="auth-form" mode="card" submit={{ ...submit, size: 'large' }} {...form} />;
}
