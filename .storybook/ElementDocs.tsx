/**
 * The docs page of every element (`parameters.docs.page` in preview.tsx): its description, its
 * first story (under the Locale and Theme toolbars) and its public API, all read from the Custom
 * Elements Manifest the build ships (dist/custom-elements.json, built here by the same code):
 * attributes and their properties, events (the element's own, then the page's on `document`),
 * CSS custom properties and `::part` names.
 */
// The type checker's include does not list dot-folders' files: name the declaration here.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a global declaration file, not a module
/// <reference path="./manifest-module.d.ts" />
import { Primary, Title, useOf } from "@storybook/addon-docs/blocks";
import type { CustomElementDeclaration, Event, JavaScriptModule } from "custom-elements-manifest/schema";
import type { ReactNode } from "react";
import manifest from "virtual:macc-manifest";

const elements = manifest.modules.flatMap((module) =>
  (module.declarations ?? []).filter((declaration): declaration is CustomElementDeclaration => "customElement" in declaration),
);
/** The loader's module lists the state events, dispatched on `document` (scripts/manifest.ts). */
const pageEvents = (manifest.modules[0] as JavaScriptModule & { events?: Event[] }).events ?? [];

/** The manifest's descriptions are Markdown whose only markup is `code` spans. */
function Text({ children }: { children: string | undefined }) {
  return <>{(children ?? "").split("`").map((part, index) => (index % 2 ? <code key={index}>{part}</code> : part))}</>;
}

function Table({ caption, head, rows }: { caption: string; head: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <>
      <h3>{caption}</h3>
      {rows.length === 0 ? (
        <p>None.</p>
      ) : (
        // Narrow windows scroll the table, not the page; by keyboard too.
        <div style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={caption}>
          <table>
            <thead>
              <tr>
                {head.map((cell) => (
                  <th key={cell} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, column) => (
                    <td key={column}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

const code = (text: string | undefined) => (text ? <code>{text}</code> : "");
/** A name cell: names do not break at their hyphens. */
const name = (text: string | undefined) => <code style={{ whiteSpace: "nowrap" }}>{text}</code>;

/** The element's API tables, from its manifest declaration. */
export function ElementApi({ element }: { element: CustomElementDeclaration }) {
  const properties = new Map((element.members ?? []).map((member) => [member.name, member]));
  return (
    <>
      <Table
        caption="Attributes and properties"
        head={["attribute", "property", "values", "description"]}
        rows={(element.attributes ?? []).map((attribute) => [
          name(attribute.name),
          name(attribute.fieldName),
          code(attribute.type?.text),
          <Text key="d">{properties.get(attribute.fieldName ?? "")?.description ?? attribute.description}</Text>,
        ])}
      />
      <Table
        caption="Events"
        head={["event", "detail", "description"]}
        rows={[...(element.events ?? []), ...pageEvents].map((event) => [
          name(event.name),
          code(event.type.text.replace(/^CustomEvent<(.*)>$/, "$1")),
          <Text key="d">{event.description}</Text>,
        ])}
      />
      <Table
        caption="CSS custom properties"
        head={["property", "default", "description"]}
        rows={(element.cssProperties ?? []).map((property) => [
          name(property.name),
          code(property.default),
          <Text key="d">{property.description}</Text>,
        ])}
      />
      <Table
        caption="::part names"
        head={["part", "description"]}
        rows={(element.cssParts ?? []).map((part) => [name(part.name), <Text key="d">{part.description}</Text>])}
      />
      <Table
        caption="Slots"
        head={["slot", "description"]}
        rows={(element.slots ?? []).map((slot) => [name(slot.name), <Text key="d">{slot.description}</Text>])}
      />
    </>
  );
}

/** The docs page of the element a stories file is about: its title is `Elements/<tag>`. */
export function ElementDocs() {
  const { preparedMeta } = useOf("meta", ["meta"]);
  const tag = preparedMeta.title.split("/").at(-1);
  const element = elements.find(({ tagName }) => tagName === tag);
  return (
    <>
      <Title>{`<${tag}>`}</Title>
      {element ? (
        <p>
          <Text>{element.description}</Text>
        </p>
      ) : (
        <p>{`${tag} is not in the manifest.`}</p>
      )}
      <Primary />
      {element && <ElementApi element={element} />}
    </>
  );
}
