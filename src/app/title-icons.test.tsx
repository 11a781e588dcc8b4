/**
 * The screens' title icons (SPEC §1: "Page title icons change per theme"; issue 26): each screen
 * has its own, and the five the issue names are drawn differently in the two themes.
 */
import { beforeEach, describe, expect, it } from "vitest";
import "../../elements/macc-bank-details";
import "../../elements/macc-basket";
import "../../elements/macc-invoices";
import "../../elements/macc-login";
import "../../elements/macc-product-fleet";
import { THEMES } from "../contract/constants";
import { mount, resetPage, stubApi, waitFor, type Mounted } from "../test/elements";
import type { ScreenIcon } from "../ui/icons";
import { ADVISER_ICON } from "../areas/adviser/icons";
import { AGRIMACC_ICON } from "../areas/agrimacc/icons";
import { BANK_DETAILS_ICON } from "../areas/bank-details/icons";
import { BASKET_ICON, SENT_ICON } from "../areas/basket/icons";
import { COMPANY_ICON } from "../areas/company-choice/icons";
import { CONTACT_FORM_ICON } from "../areas/contact-form/icons";
import { CONTACTS_ICON } from "../areas/contacts/icons";
import { DASHBOARD_ICON } from "../areas/dashboard/icons";
import { INVOICES_ICON } from "../areas/invoices/icons";
import { LOGIN_HELP_ICON } from "../areas/login-help/icons";
import { LOGIN_ICON } from "../areas/login/icons";
import { FORGOT_PASSWORD_ICON, PASSWORD_UPDATE_ICON } from "../areas/password/icons";
import { CONFIRMATION_ICON, EMAIL_CHANGE_ICON, PERSONAL_INFO_ICON } from "../areas/personal-info/icons";
import { AFTER_SALES_ICON, PRODUCTS_ICON } from "../areas/product-fleet/icons";
import { REGISTRATION_ICON } from "../areas/registration/icons";
import { NOT_FOUND_ICON } from "./icons";

const SCREEN_ICONS: Record<string, ScreenIcon> = {
  ADVISER_ICON,
  AGRIMACC_ICON,
  BANK_DETAILS_ICON,
  BASKET_ICON,
  SENT_ICON,
  COMPANY_ICON,
  CONTACT_FORM_ICON,
  CONTACTS_ICON,
  DASHBOARD_ICON,
  INVOICES_ICON,
  LOGIN_HELP_ICON,
  LOGIN_ICON,
  FORGOT_PASSWORD_ICON,
  PASSWORD_UPDATE_ICON,
  CONFIRMATION_ICON,
  PERSONAL_INFO_ICON,
  EMAIL_CHANGE_ICON,
  AFTER_SALES_ICON,
  PRODUCTS_ICON,
  REGISTRATION_ICON,
  NOT_FOUND_ICON,
};

describe("the screens' declared icons", () => {
  it.each(THEMES)("in the %s theme, no two screens share an icon", (theme) => {
    const names = Object.values(SCREEN_ICONS).map((icon) => icon[theme].name);
    expect(new Set(names).size).toBe(names.length);
  });
});

/** The name of the icon heading the element's screen. */
const titleIcon = (view: Mounted) => view.root.querySelector("h1 svg")?.getAttribute("data-icon") ?? null;

describe("the screens the issue names, as a visitor sees them, in each theme", () => {
  beforeEach(() => {
    resetPage();
    // Bank details are shown when the server's flag says so; a visitor's screens ask for nothing else.
    stubApi({ "GET /api/features": { body: { features: ["coordonnee-bancaire"] } } }, { unmatched: "pending" });
  });

  it.each<[string, string, string]>([
    ["macc-basket", "cart", "basket"],
    ["macc-login", "key", "circle-user"],
    ["macc-invoices", "file-text", "receipt"],
    ["macc-bank-details", "landmark", "credit-card"],
    ["macc-product-fleet", "box", "tractor"],
  ])("<%s>: %s at MACC; switched to the AGRI theme, %s", async (tag, macc, agri) => {
    const view = await mount(`<${tag}></${tag}>`);
    await waitFor(() => expect(titleIcon(view)).toBe(macc));
    view.el.setAttribute("theme", "agri");
    await waitFor(() => expect(titleIcon(view)).toBe(agri));
    // Decorative: the heading's name is its text.
    expect(view.root.querySelector("h1 svg")!.getAttribute("aria-hidden")).toBe("true");
  });

  it("the five screens have five different icons in each theme", async () => {
    for (const theme of ["macc", "agri"]) {
      const icons: (string | null)[] = [];
      for (const tag of ["macc-basket", "macc-login", "macc-invoices", "macc-bank-details", "macc-product-fleet"]) {
        const view = await mount(`<${tag} theme="${theme}"></${tag}>`);
        await waitFor(() => expect(titleIcon(view)).not.toBeNull());
        icons.push(titleIcon(view));
      }
      expect(new Set(icons).size).toBe(5);
    }
  });
});
