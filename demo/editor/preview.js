/**
 * The configurator's preview (/editor/preview.html?snippet=…): a blank page that writes what the
 * snippet says (the host sheet, the loader with its data-* settings, the tags) with this server's
 * files and API. Built with DOM calls from checked names, never as markup.
 */
const config = JSON.parse(new URLSearchParams(location.search).get("snippet") ?? "{}");
const NAME = /^[a-z][a-z0-9-]*$/;

if (config.hostSheet) {
  const sheet = document.createElement("link");
  sheet.rel = "stylesheet";
  sheet.href = "/static/css/macc-elements.css";
  document.head.append(sheet);
}

const loader = document.createElement("script");
loader.type = "module";
loader.src = "/static/js/macc-elements.js";
for (const [key, value] of Object.entries({ locale: config.locale, theme: config.theme, portalBase: config.portalBase })) {
  if (typeof value === "string" && value.trim() !== "") loader.dataset[key] = value.trim();
}
document.head.append(loader);

for (const { tag, attributes } of Array.isArray(config.elements) ? config.elements : []) {
  if (typeof tag !== "string" || !tag.startsWith("macc-") || !NAME.test(tag)) continue;
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    // The preview talks to this server's API whatever the snippet names.
    if (!NAME.test(name) || name === "api-base" || value === "" || value === false) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  // The portal's routes live under its base: this page's own address, so it opens on its root (LOGIN), not on "page not found".
  if (tag === "macc-portal" && !element.hasAttribute("base") && !loader.dataset.portalBase) element.setAttribute("base", location.pathname);
  document.body.append(element);
}

// The configurator sizes its frame to this page's height, so the elements show whole instead of
// scrolling inside a scrolling page (on a phone above all). Nothing here is sized by the viewport,
// so the height does not follow the frame's.
const reportHeight = () => {
  const { marginTop, marginBottom } = getComputedStyle(document.body);
  const height = Math.ceil(document.body.getBoundingClientRect().height + parseFloat(marginTop) + parseFloat(marginBottom));
  parent.postMessage({ type: "macc-preview-height", height }, location.origin);
};
new ResizeObserver(reportHeight).observe(document.body);
