import { useTranslation } from 'react-i18next';

/** A time from the server (ISO 8601) in the staff member's language and time zone. */
export function When({ at }: { at: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={at}>{new Date(at).toLocaleString(i18n.language)}</time>;
}
