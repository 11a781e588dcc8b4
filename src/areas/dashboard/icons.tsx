import { Svg, titleIcon, type IconProps, type ScreenIcon } from "../../ui/icons";

export const InvoiceIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 2h9l5 5v15H6zM14 2v6h6M9 13h6M9 17h6" />
  </Svg>
);
export const ProfileIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </Svg>
);
export const FleetIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 17h2l2-6h8l2 6h4M7 17a2 2 0 1 0 4 0M15 17a2 2 0 1 0 4 0M9 11V7h5" />
  </Svg>
);
/** My service requests: a clipboard with a tick, the requests followed. */
export const ServiceRequestsIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M9 3h6v3H9zM7 4H5v17h14V4h-2M9 14l2 2 4-5" />
  </Svg>
);
export const TeamIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 8a3 3 0 1 0 6 0a3 3 0 1 0 -6 0M2 20a7 7 0 0 1 14 0M15 5a3 3 0 0 1 0 6M18 20a7 7 0 0 0 -3 -5.7" />
  </Svg>
);
export const BankIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 10h18L12 4zM5 10v8M9 10v8M15 10v8M19 10v8M3 20h18" />
  </Svg>
);

/** The dashboard: its tiles at MACC, the farmhouse at AGRIMACC. */
export const DASHBOARD_ICON: ScreenIcon = {
  MACC: titleIcon(
    "layout-grid",
    "M4 3h5a1 1 0 0 1 1 1v5a1 1 0 0 1 -1 1h-5a1 1 0 0 1 -1 -1v-5a1 1 0 0 1 1 -1zM15 3h5a1 1 0 0 1 1 1v5a1 1 0 0 1 -1 1h-5a1 1 0 0 1 -1 -1v-5a1 1 0 0 1 1 -1zM4 14h5a1 1 0 0 1 1 1v5a1 1 0 0 1 -1 1h-5a1 1 0 0 1 -1 -1v-5a1 1 0 0 1 1 -1zM15 14h5a1 1 0 0 1 1 1v5a1 1 0 0 1 -1 1h-5a1 1 0 0 1 -1 -1v-5a1 1 0 0 1 1 -1z",
  ),
  AGRI: titleIcon("house", "M3 10l9-7 9 7v10a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z"),
};
