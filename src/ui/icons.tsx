import type { SVGProps } from "react";

/** Inline SVG icons: decorative unless given a title; no icon font, no extra request. */
export type IconProps = SVGProps<SVGSVGElement>;

export function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const ToolIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z" />
  </Svg>
);

/** MACC's page-title mark: a building (the company). */
export const MaccTitleIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 21h18M5 21V7l7-4 7 4v14M9 21v-6h6v6M9 10h.01M15 10h.01" />
  </Svg>
);

/** AGRI's page-title mark: a sprouting leaf. */
export const AgriTitleIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 21v-8M12 13c0-5 3-8 9-8 0 6-3 9-9 8zM12 15c0-4-2-6-7-6 0 4 2 7 7 6z" />
  </Svg>
);

export const MaintenanceIcon = ToolIcon;
