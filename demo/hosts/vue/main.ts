import { createApp } from "vue";
import "../hosts.css";
import App from "./App.vue";

createApp(App).mount("#app");
