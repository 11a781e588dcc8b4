import { MaintenanceNotice } from "../../ui/MaintenanceNotice";

/** `<macc-maintenance>` (MAINTENANCE): the same screen every element shows during maintenance. */
export function Maintenance() {
  return <MaintenanceNotice />;
}
