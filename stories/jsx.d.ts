/**
 * The `macc-*` custom elements as JSX intrinsic elements, so stories can render the real tags.
 * React 19 hands custom elements their props as properties (or attributes when unknown).
 */
import type { DetailedHTMLProps, HTMLAttributes } from "react";

type MaccElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
  /** One of the 10 locales (fr-FR, fr-BE, fr-LU, de-BE, de-LU, en-GB, es-ES, it-IT, nl-BE, nl-NL). */
  locale?: string;
  /** `macc` or `agri`. */
  theme?: string;
  "api-base"?: string;
};

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "macc-portal": MaccElementProps & { base?: string };
      "macc-header": MaccElementProps;
      "macc-footer": MaccElementProps;
      "macc-login": MaccElementProps & { variant?: "basket" | string };
      "macc-maintenance": MaccElementProps;
      "macc-company-choice": MaccElementProps;
      "macc-info-confirmation": MaccElementProps;
      "macc-personal-info": MaccElementProps;
      "macc-password-update": MaccElementProps;
      "macc-forgot-password": MaccElementProps;
      "macc-login-help": MaccElementProps;
      "macc-dashboard": MaccElementProps;
      "macc-invoices": MaccElementProps;
      /** `family`: a product family code (its detail); `view="sav"` with it: the after-sales documents. */
      "macc-product-fleet": MaccElementProps & { family?: string; view?: "sav" | string };
      "macc-adviser": MaccElementProps;
      "macc-contacts": MaccElementProps;
      "macc-contact-form": MaccElementProps;
      "macc-registration": MaccElementProps;
    }
  }
}
