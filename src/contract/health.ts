/** The liveness probe (`/api/health`): "ok", or "maintenance" (with 503, and the announced end) while the service is in maintenance. */
import * as v from "valibot";
import { MaintenanceAnswer } from "./maintenance";

export const HealthAnswer = v.object({ status: v.picklist(["ok", "maintenance"]), ...MaintenanceAnswer.entries });
