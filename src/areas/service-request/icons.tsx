import { bothThemes, ToolIcon } from "../../ui/icons";

/** A service request: a spanner, as the product's after-sales view. */
export const SERVICE_REQUEST_ICON = bothThemes({ name: "wrench", Draw: ToolIcon });
