import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { PAGE_PREVIEW_SOURCES } from "../../src/contract/constants";
import { Alert } from "../../src/ui/Alert";
import { Button } from "../../src/ui/Button";
import { TextareaField } from "../../src/ui/Textarea";
import { CopyBlock } from "./CopyBlock";
import { NONCE_PLACEHOLDER, type ChosenElement, type PageSettings } from "./model";
import { checkPage, type Finding, type PageCheck } from "./page-check";

/** "Check my page": the editor pastes the page's HTML or its policy, and reads what is missing, each with its fix to copy. */
export function PageCheckForm({ settings, elements }: { settings: PageSettings; elements: readonly ChosenElement[] }) {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<{ check: PageCheck; attempt: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const empty = text.trim() === "";
    const check = checkPage(text, settings, elements);
    const unknown = !empty && !check.html && check.policies === 0;
    setError(
      empty
        ? t`Paste your page's HTML or its security policy first.`
        : unknown
          ? t`This is neither a page's HTML nor a Content-Security-Policy. Paste the page's source or its policy.`
          : undefined,
    );
    setResult(empty || unknown ? null : { check, attempt: (result?.attempt ?? 0) + 1 });
  }
  // The answer takes focus, as a screen change would: a screen reader reads it at once.
  useEffect(() => heading.current?.focus(), [result?.attempt]);

  return (
    <section className="panel" aria-labelledby="check-title">
      <h2 id="check-title">{t`Check my page`}</h2>
      <p>
        {t`Paste your page's HTML (in the browser: right click, View page source, select all and copy) or its security policy (the Content-Security-Policy header). The check compares it with the settings above and says what is missing, with the fix to copy.`}
      </p>
      <form noValidate onSubmit={submit}>
        <TextareaField
          name="page-check"
          label={t`Your page's HTML or security policy`}
          error={error}
          spellCheck={false}
          rows={8}
          className="editor__code"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="actions">
          <Button type="submit">{t`Check my page`}</Button>
        </div>
      </form>
      {result && (
        <div className="editor__check">
          <h3 ref={heading} tabIndex={-1}>
            {result.check.findings.length === 0 ? t`Nothing is missing` : t`What is missing`}
          </h3>
          {result.check.findings.length === 0 && (
            <Alert kind="success">{t`The page has what the elements need for the settings above.`}</Alert>
          )}
          {result.check.html && result.check.policies === 0 && (
            <p>{t`This HTML holds no security policy. If your server sends one as a header, paste it below the HTML and check again.`}</p>
          )}
          {!result.check.html && <p>{t`Paste the page's HTML too, to check the loader and the elements.`}</p>}
          <ol className="editor__findings">
            {result.check.findings.map((finding, i) => (
              <li key={i}>
                <p>
                  <FindingText finding={finding} />
                </p>
                <CopyBlock id={`check-fix-${i}`} label={t`Fix to copy`} copyLabel={t`Copy this fix`} text={finding.fix} />
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/** A finding in plain words; the technical names stay, as secondary words a developer can search for. */
function FindingText({ finding }: { finding: Finding }) {
  const { t } = useLingui();
  const list = (items: string[]) => items.join(", ");
  switch (finding.kind) {
    case "no-loader":
      return t`The page does not load the elements: the loader's script tag is missing. Paste these lines in the page's head, or in the site's template.`;
    case "loader-not-module":
      return t`The loader's script tag lacks type="module", so the browser does not run it. Use this tag instead.`;
    case "loader-settings": {
      const names = list(finding.names);
      return t`The loader's tag lacks settings chosen here (${names}): your CMS may have removed them. Use this tag, and let your CMS keep its data-* attributes.`;
    }
    case "loader-nonce": {
      const placeholder = NONCE_PLACEHOLDER;
      return t`Your security policy only runs scripts that carry the page's one-time code (nonce), and the loader's tag has none. Use this tag: your server writes the page's nonce in place of ${placeholder}.`;
    }
    case "elements-missing": {
      const tags = list(finding.tags.map((tag) => `<${tag}>`));
      return t`These elements are not on the page: ${tags}. Paste their tags. If your CMS removed them, give its filter the sanitizer allowlist (under “For your web developer”).`;
    }
    case "attributes-missing": {
      const names = list(finding.names);
      const tag = `<${finding.tag}>`;
      return t`The settings ${names} of ${tag} are not on the page: your CMS's filter probably removed them. Give it the sanitizer allowlist (under “For your web developer”), then paste the tag again.`;
    }
    case "csp-sources": {
      const { directive } = finding;
      const sources = list(finding.sources);
      // blob: is for the previews a service request shows before sending: said in its own words.
      const preview = finding.need === "img-src" || finding.need === "media-src" ? PAGE_PREVIEW_SOURCES[finding.need] : null;
      const previewMissing = preview !== null && finding.sources.includes(preview);
      const what = {
        "script-src": t`The security policy blocks the elements' code: its ${directive} must allow ${sources}.`,
        "style-src": t`The security policy blocks the style sheet that keeps the elements' space: its ${directive} must allow ${sources}.`,
        "connect-src": t`The security policy blocks the elements' calls to the server: its ${directive} must allow ${sources}.`,
        "img-src":
          previewMissing && finding.sources.length === 1
            ? t`The security policy blocks the previews of the photos a customer adds to a service request: its ${directive} must allow ${sources}.`
            : t`The security policy blocks the pictures (basket items, the adviser's photo): its ${directive} must allow ${sources}.`,
        "media-src": t`The security policy blocks the preview of the video a customer adds to a service request, so its length cannot be checked before it is sent: its ${directive} must allow ${sources}.`,
      }[finding.need];
      const alsoPreviews =
        finding.need === "img-src" && previewMissing && finding.sources.length > 1
          ? t`Without ${preview}, the photos a customer adds to a service request show no preview.`
          : "";
      const replace = t`Use this line in place of the policy's ${directive}.`;
      const self = finding.self ? t`If your page is on that same address, 'self' may already allow it.` : "";
      return [what, alsoPreviews, replace, self].filter(Boolean).join(" ");
    }
  }
}
