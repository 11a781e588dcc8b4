/** The features switched on (`/api/features`, the server's `MACC_FEATURES`). */
import * as v from "valibot";

/** Names, not a closed list: a newer server's flags are names this version ignores. */
export const FeaturesAnswer = v.object({ features: v.array(v.string()) });
