import { useEffect, useId, useState } from 'react';
import { Dialog, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export interface AskText {
  title: string;
  label: string;
  confirm: string;
  cancel: string;
  /** A translated problem with the text, or null when it will do. */
  problem?: (text: string) => string | null;
}

/** What the dialog's field holds, and its check, which shows under the field why the text will not do. */
interface Answer {
  text: string;
  check?: () => boolean;
}

/** Asks staff for one line (a reason, a tx hash); resolves with the trimmed text, or null when cancelled. */
export function askText({ title, label, confirm, cancel, problem }: AskText): Promise<string | null> {
  return new Promise((resolve) => {
    const answer: Answer = { text: '' };
    const shown = Dialog.show({
      title,
      closeOnAction: false,
      content: <AskTextField label={label} problem={problem} answer={answer} />,
      actions: [
        [
          { key: 'cancel', text: cancel, onClick: () => (shown.close(), resolve(null)) },
          {
            key: 'confirm',
            text: confirm,
            bold: true,
            onClick: () => {
              if (!answer.check?.()) return;
              shown.close();
              resolve(answer.text.trim());
            },
          },
        ],
      ],
    });
  });
}

function AskTextField({ label, problem, answer }: { label: string; problem: AskText['problem']; answer: Answer }) {
  const { t } = useTranslation('console');
  const [wrong, setWrong] = useState<string | null>(null);
  const wrongId = useId();
  // The dialog's confirm runs outside React: hand it the check once rendered, not during render.
  useEffect(() => {
    answer.check = () => {
      const text = answer.text.trim();
      const found = text ? (problem?.(text) ?? null) : t('form.required');
      setWrong(found);
      return found === null;
    };
  }, [answer, problem, t]);
  return (
    <label className="console-ask">
      <span>{label}</span>
      <Input
        aria-label={label}
        aria-invalid={wrong !== null}
        aria-describedby={wrong ? wrongId : undefined}
        autoFocus
        onChange={(next) => {
          answer.text = next;
          setWrong(null);
        }}
        data-testid="console-ask-input"
      />
      {wrong && (
        <span id={wrongId} role="alert" className="console-ask__wrong">
          {wrong}
        </span>
      )}
    </label>
  );
}
