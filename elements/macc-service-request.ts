import { area } from "../src/areas/service-request/area";
import { ServiceRequestForm } from "../src/areas/service-request/ServiceRequestForm";
import { defineElement } from "./define";

defineElement("macc-service-request", ServiceRequestForm, area);
