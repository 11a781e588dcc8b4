import { MailIcon } from "../../ui/contact-icons";
import { bothThemes } from "../../ui/icons";

/** The contact form: a letter, the footer's e-mail icon. */
export const CONTACT_FORM_ICON = bothThemes({ name: "mail", Draw: MailIcon });
