/** The contact form (`/api/me/contact`): a message to one of the services of the company's network. */
import * as v from "valibot";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_SUBJECT_MAX } from "./constants";
import { requestObject, requiredText } from "./rules";

/** The API's words for the rules only the contact form has (the form has its own). */
export const CHOOSE_SERVICE = "Choisissez un service.";
export const MESSAGE_TOO_SHORT = `Votre message doit contenir au moins ${CONTACT_MESSAGE_MIN} caractères.`;

/** Longest service name looked up (the API also refuses a name its network does not offer). */
const SERVICE_MAX = 200;

export const ContactRequest = requestObject({
  /** A `nomSousService` of the network, in any of its languages: whatever is wrong, the form offers a list to choose from. */
  service: v.pipe(v.string(CHOOSE_SERVICE), v.trim(), v.nonEmpty(CHOOSE_SERVICE), v.maxLength(SERVICE_MAX, CHOOSE_SERVICE)),
  subject: requiredText(CONTACT_SUBJECT_MAX),
  /** Multi-line. */
  message: v.pipe(requiredText(CONTACT_MESSAGE_MAX), v.minLength(CONTACT_MESSAGE_MIN, MESSAGE_TOO_SHORT)),
});
export type ContactRequest = v.InferInput<typeof ContactRequest>;

export const ContactAnswer = v.object({ id: v.string() });
export type ContactAnswer = v.InferOutput<typeof ContactAnswer>;
