import type { Package } from "custom-elements-manifest/schema";
import { describe, expect, it } from "vitest";
import { COMMON_ATTRIBUTES, LANGUAGES, TAGS } from "../../src/core/tags";
import {
  allowlistOf,
  controlOf,
  cspDirectives,
  cspHeader,
  domPurifyConfig,
  elementsOf,
  guidesOf,
  languageOfLocale,
  snippetOf,
  wordpressFilter,
  type PageSettings,
} from "./model";

const manifest: Package = {
  schemaVersion: "2.1.0",
  modules: [
    {
      kind: "javascript-module",
      path: "elements/macc-login.ts",
      declarations: [
        {
          kind: "class",
          name: "MaccLoginElement",
          customElement: true,
          tagName: "macc-login",
          summary: "LOGIN",
          attributes: [
            { name: "locale", type: { text: '"fr-FR" | "nl-BE"' } },
            { name: "variant", type: { text: '"basket"' }, description: "LOGIN_PANIER" },
          ],
        },
        { kind: "function", name: "helper" },
      ],
    },
    {
      kind: "javascript-module",
      path: "elements/macc-product-fleet.ts",
      declarations: [
        {
          kind: "class",
          name: "MaccProductFleetElement",
          customElement: true,
          tagName: "macc-product-fleet",
          description: "PARC_PRODUITS",
          attributes: [{ name: "family", type: { text: "string" } }, { name: "compact", type: { text: "boolean" } }, { name: "locale" }],
        },
      ],
    },
  ],
};

const settings: PageSettings = {
  locale: "fr-FR",
  theme: "",
  apiBase: "https://extranet.example/api/",
  filesBase: "https://cdn.example/macc/static/",
  portalBase: "/mon-espace",
  siteBase: "",
  errorEndpoint: "",
  hostSheet: true,
  nonce: false,
};

describe("controls from the manifest's attribute types", () => {
  it.each([
    ['"macc" | "agri"', { kind: "select", values: ["macc", "agri"] }],
    ["'sav'", { kind: "select", values: ["sav"] }],
    ['"basket" | undefined', { kind: "select", values: ["basket"] }],
    ["boolean", { kind: "checkbox" }],
    ["string", { kind: "text" }],
    ['"a" | string', { kind: "text" }],
    [undefined, { kind: "text" }],
  ])("%s", (text, control) => expect(controlOf(text)).toEqual(control));

  it("lists each custom element with its attributes", () => {
    const elements = elementsOf(manifest);
    expect(elements.map((e) => [e.tag, e.description, e.attributes.map((a) => `${a.name}:${a.control.kind}`)])).toEqual([
      ["macc-login", "LOGIN", ["locale:select", "variant:select"]],
      ["macc-product-fleet", "PARC_PRODUITS", ["family:text", "compact:checkbox", "locale:text"]],
    ]);
  });
});

describe("snippet", () => {
  it("has the sheet, the loader with the settings given, and the tags with the attributes set", () => {
    const snippet = snippetOf(settings, [
      { tag: "macc-login", attributes: { variant: "basket", locale: "" } },
      { tag: "macc-product-fleet", attributes: { family: 'A"B', compact: true } },
    ]);
    expect(snippet).toBe(
      [
        '<link rel="stylesheet" href="https://cdn.example/macc/static/css/macc-elements.css">',
        '<script type="module" src="https://cdn.example/macc/static/js/macc-elements.js" blocking="render" data-locale="fr-FR" data-api-base="https://extranet.example/api/" data-portal-base="/mon-espace"></script>',
        "",
        '<macc-login variant="basket"></macc-login>',
        '<macc-product-fleet family="A&quot;B" compact></macc-product-fleet>',
      ].join("\n"),
    );
  });

  it("a site under a path: data-site-base after the portal's", () => {
    const [, loader] = snippetOf({ ...settings, siteBase: " /be-nl " }, []).split("\n");
    expect(loader).toMatch(/ data-portal-base="\/mon-espace" data-site-base="\/be-nl"><\/script>$/);
  });

  it("without the sheet, with a nonce: the loader does not hold the first paint (nothing keeps a room)", () => {
    const [first] = snippetOf({ ...settings, hostSheet: false, nonce: true }, []).split("\n");
    expect(first).toMatch(/^<script type="module" src="[^"]+" nonce="\{NONCE\}" /);
    expect(first).not.toContain("blocking");
  });
});

describe("sanitizer allowlist", () => {
  const allowlist = allowlistOf(elementsOf(manifest), ["macc-login"]);

  it("keeps the chosen tags and every attribute they take", () => {
    expect(allowlist).toEqual({ tags: ["macc-login"], attributes: { "macc-login": ["locale", "variant"] } });
  });

  it("as DOMPurify options and a WordPress filter", () => {
    expect(domPurifyConfig(allowlistOf(elementsOf(manifest), ["macc-login", "macc-product-fleet"]))).toContain(
      'ADD_TAGS: ["macc-login","macc-product-fleet"],\n  ADD_ATTR: ["locale","variant","family","compact"],',
    );
    expect(wordpressFilter(allowlist)).toContain("$tags['macc-login'] = array( 'locale' => true, 'variant' => true );");
    expect(wordpressFilter(allowlist)).toMatch(/^add_filter\( 'wp_kses_allowed_html', function \( \$tags, \$context \) \{/);
  });
});

describe("Content-Security-Policy", () => {
  it("names the files' origin for scripts and the sheet, the API's for connections and images", () => {
    expect(cspHeader(cspDirectives(settings, { nonce: false }))).toBe(
      "Content-Security-Policy: script-src https://cdn.example; style-src https://cdn.example; connect-src https://extranet.example; img-src https://extranet.example blob:; media-src blob:",
    );
  });

  it("adds the error endpoint's origin, leaves styles out without the sheet, and trusts the nonced loader's imports", () => {
    expect(cspDirectives({ ...settings, hostSheet: false, errorEndpoint: "https://errors.example:8443/r" }, { nonce: true })).toEqual([
      "script-src 'nonce-{NONCE}' 'strict-dynamic' https://cdn.example",
      "connect-src https://extranet.example https://errors.example:8443",
      "img-src https://extranet.example blob:",
      "media-src blob:",
    ]);
  });

  it("names one origin once", () => {
    expect(cspDirectives({ ...settings, errorEndpoint: "https://extranet.example/errors" }, { nonce: false })).toContain(
      "connect-src https://extranet.example",
    );
  });
});

describe("the registry's words for CMS editors", () => {
  it("every element and attribute has them in every language, none a copy of the English", () => {
    for (const language of LANGUAGES.filter((l) => l !== "en")) {
      for (const [tag, guide] of guidesOf(TAGS, COMMON_ATTRIBUTES, language)) {
        const english = guidesOf(TAGS, COMMON_ATTRIBUTES, "en").get(tag)!;
        const texts = (g: typeof guide) => [
          g.name,
          g.description,
          ...Object.values(g.attributes).flatMap((a) => [a.label, a.help, ...Object.values(a.values)]),
        ];
        texts(guide).forEach((text, i) => {
          expect(text.trim(), `${language} ${tag} #${i}`).not.toBe("");
          // "Tema" or "Artikelnummer" may be shared by two languages, never a copy of the English sentence.
          if (text.includes(" ")) expect(text, `${language} ${tag} #${i}`).not.toBe(texts(english)[i]);
        });
      }
    }
  });

  it("in the locale's language, with the common attributes and the values' words", () => {
    const login = guidesOf(TAGS, COMMON_ATTRIBUTES, languageOfLocale("fr-BE")).get("macc-login")!;
    expect(login.name).toBe("Formulaire de connexion");
    expect(Object.keys(login.attributes)).toEqual(["locale", "theme", "api-base", "variant"]);
    expect(login.attributes.variant!.values).toEqual({ basket: "Avant d’envoyer le panier" });
    expect(languageOfLocale("xx-XX")).toBe("en");
  });
});
