// A React 19 host, using the JSX typings the package ships ("macc-elements/react").
import { useState } from "react";
import type {} from "macc-elements/react";
import type { MaccInvoicesElement, MaccLocale } from "macc-elements";

export function Page({ go }: { go: (path: string) => void }) {
  const [locale, setLocale] = useState<MaccLocale>("fr-FR");
  const [invoices, setInvoices] = useState<MaccInvoicesElement | null>(null);
  return (
    <main onClick={() => setLocale("nl-BE")}>
      <macc-header locale={locale} theme="agri" api-base="/api" />
      <macc-login
        locale={locale}
        variant="basket"
        onmacc-navigate={(event) => {
          event.preventDefault();
          go(event.detail.path);
        }}
        onmacc-load-error={(event) => console.warn(event.detail.url)}
      />
      <macc-invoices ref={setInvoices} />
      <macc-product-fleet family="TRACT" view="sav" />
      <macc-basket view="sent" />
      <macc-portal base="/mon-espace" />
      <p>{invoices?.apiBase}</p>
      {/* @ts-expect-error: not a variant of <macc-login> */}
      <macc-login variant="panier" />
      {/* @ts-expect-error: attributes are strings */}
      <macc-footer api-base={42} />
      {/* @ts-expect-error: not a theme */}
      <macc-footer theme="dark" />
      {/* @ts-expect-error: <macc-invoices> takes no family */}
      <macc-invoices family="TRACT" />
      {/* @ts-expect-error: the detail of macc-navigate has no url */}
      <macc-header onmacc-navigate={(event) => go(event.detail.url)} />
    </main>
  );
}
