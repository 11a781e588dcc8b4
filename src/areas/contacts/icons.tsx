import { PhoneIcon } from "../../ui/contact-icons";
import { bothThemes } from "../../ui/icons";

/** The contacts page: a telephone, the contact cards' own icon. */
export const CONTACTS_ICON = bothThemes({ name: "phone", Draw: PhoneIcon });
