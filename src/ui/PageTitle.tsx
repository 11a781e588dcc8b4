import type { ReactNode } from "react";
import { useElement } from "./context";
import { AgriTitleIcon, MaccTitleIcon } from "./icons";

/** Page titles carry the theme's icon (SPEC §1). */
export function PageTitle({ children, id }: { children: ReactNode; id?: string }) {
  const { theme } = useElement();
  const Icon = theme === "AGRI" ? AgriTitleIcon : MaccTitleIcon;
  return (
    <h1 className="page-title" id={id} part="title">
      <Icon data-icon={theme === "AGRI" ? "agri" : "macc"} />
      <span>{children}</span>
    </h1>
  );
}
