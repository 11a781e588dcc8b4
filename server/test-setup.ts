/** Set-up of every API test file (vitest.config.ts). */
import { afterAll } from "vitest";
import { closeTestDbs } from "./test-support.ts";

afterAll(closeTestDbs);
