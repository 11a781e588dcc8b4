import { msg } from "@lingui/core/macro";
import { I18nProvider } from "@lingui/react";
import { createRoot } from "react-dom/client";
import manifest from "virtual:custom-elements";
import type { Catalog } from "../../src/core/i18n";
import { loadI18n } from "../../src/core/i18n";
import { resolveLocale } from "../../src/core/locale";
import { baseSheet, sheetOf } from "../../src/ui/sheets";
import controlsCss from "../../src/ui/styles/controls.css?inline";
import { Editor } from "./Editor";
import editorCss from "./editor.css?inline";
import { elementsOf } from "./model";

const catalog: Catalog = (locale) => import(`./locales/${locale}.po`);

/**
 * The configurator renders in a shadow root with the elements' own base and form sheets, adopted
 * like theirs (the page's strict CSP allows no inline style). Its language: `?locale=`, else the
 * browser's, through the elements' fallbacks.
 */
const host = document.getElementById("editor")!;
const root = host.attachShadow({ mode: "open" });
root.adoptedStyleSheets = [baseSheet(), sheetOf(controlsCss), sheetOf(editorCss)];
const locale = resolveLocale(new URLSearchParams(location.search).get("locale") ?? navigator.language);
document.documentElement.lang = locale;

void loadI18n(locale, [catalog]).then(
  (i18n) => {
    // The brand stays out of the messages (catalogs.test.ts): the editor is not themed.
    document.title = `${i18n._(msg`Element configurator`)} — MACC`;
    createRoot(root).render(
      <I18nProvider i18n={i18n}>
        <Editor catalogue={elementsOf(manifest)} locale={locale} />
      </I18nProvider>,
    );
  },
  () => {
    // Without its texts the page cannot speak the editor's language: the one message in English.
    const failure = document.createElement("p");
    failure.role = "alert";
    failure.textContent = "The configurator could not be loaded. Reload the page to try again.";
    root.replaceChildren(failure);
  },
);
