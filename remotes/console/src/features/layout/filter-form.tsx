import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import { Button } from 'antd-mobile';
import type { Paging } from './use-paging';

/**
 * The search or filter form above a list: its fields and one button. Applying hands the fields to
 * `apply` and turns the list back to its first page.
 */
export function FilterForm({ apply, paging, button, testId, children }: { apply: (fields: FormData) => void; paging: Paging; button: string; testId: string; children: ReactNode }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(new FormData(event.currentTarget));
    paging.onPage(1);
  };
  return (
    <form className="console-filters" onSubmit={submit} role="search" data-testid={testId}>
      {children}
      <Button type="submit" size="small" color="primary">
        {button}
      </Button>
    </form>
  );
}

/** One field of a FilterForm: its label above a plain input. */
export function FilterField({ label, ...input }: { label: string; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label>
      {label}
      <input {...input} />
    </label>
  );
}
