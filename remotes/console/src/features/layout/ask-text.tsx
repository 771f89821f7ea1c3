import { Dialog, Input } from 'antd-mobile';

export interface AskText {
  title: string;
  label: string;
  confirm: string;
  cancel: string;
  /** A translated problem with the text, or null when it will do. */
  problem?: (text: string) => string | null;
}

/** Asks staff for one line (a reason, a tx hash); resolves with the trimmed text, or null when cancelled. */
export function askText({ title, label, confirm, cancel, problem }: AskText): Promise<string | null> {
  return new Promise((resolve) => {
    let value = '';
    const shown = Dialog.show({
      title,
      closeOnAction: false,
      content: (
        <label className="console-ask">
          <span>{label}</span>
          <Input aria-label={label} autoFocus onChange={(next) => (value = next)} data-testid="console-ask-input" />
        </label>
      ),
      actions: [
        [
          { key: 'cancel', text: cancel, onClick: () => (shown.close(), resolve(null)) },
          {
            key: 'confirm',
            text: confirm,
            bold: true,
            onClick: () => {
              const text = value.trim();
              const wrong = text ? (problem?.(text) ?? null) : label;
              if (wrong) {
                void Dialog.alert({ content: wrong });
                return;
              }
              shown.close();
              resolve(text);
            },
          },
        ],
      ],
    });
  });
}
