import { useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { Button } from "../../src/ui/Button";

/** Read-only text with a copy button; where the clipboard is refused, the text is selected for the keyboard's copy. */
export function CopyBlock({ id, label, copyLabel, text }: { id: string; label: string; copyLabel: string; text: string }) {
  const { t } = useLingui();
  const area = useRef<HTMLTextAreaElement>(null);
  const [result, setResult] = useState<{ text: string; copied: boolean } | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setResult({ text, copied: true });
    } catch {
      area.current?.focus();
      area.current?.select();
      setResult({ text, copied: false });
    }
  }
  // A confirmation is about the text it copied, not one changed since.
  const shown = result?.text === text ? result : null;
  return (
    <div className="field editor__copy">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        ref={area}
        id={id}
        className="field__input field__textarea editor__code"
        readOnly
        spellCheck={false}
        rows={Math.min(14, text.split("\n").length + 1)}
        value={text}
      />
      <div className="actions">
        <Button variant="secondary" onClick={() => void copy()}>
          {copyLabel}
        </Button>
        <p role="status" className="editor__copied">
          {shown?.copied === true && t`Copied to the clipboard.`}
          {shown?.copied === false && t`The browser did not allow copying: the text is selected, press Ctrl+C (⌘C on a Mac).`}
        </p>
      </div>
    </div>
  );
}
