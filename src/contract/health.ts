/** The liveness probe (`/api/health`): "ok", or "maintenance" (with 503) while the service is in maintenance. */
import * as v from "valibot";

export const HealthAnswer = v.object({ status: v.picklist(["ok", "maintenance"]) });
