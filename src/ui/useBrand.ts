import { brandName } from "../core/theme";
import { useElement } from "./context";

/** The brand name of the element's theme, for the {brand} placeholder of its messages. */
export function useBrand(): string {
  return brandName(useElement().theme);
}
