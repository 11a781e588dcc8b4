import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import type { RouteName, RouteParams } from "../core/routes";
import { useNavigation } from "./context";

/** A real link (middle click, copy address) that navigates in place on a plain click; `search` ("?ref=…") goes with it. */
export function RouteLink({
  route,
  params,
  search,
  children,
  ...rest
}: { route: RouteName; params?: RouteParams; search?: string; children: ReactNode } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const nav = useNavigation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    nav.go(route, params, search ? { search } : undefined);
  };
  return (
    <a {...rest} href={nav.href(route, params) + (search ?? "")} onClick={onClick}>
      {children}
    </a>
  );
}
