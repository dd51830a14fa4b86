export {default, default as LiveDemo, DEMO_FLOW_ID, DEMO_HTML, SDK_FAILED_MESSAGE} from './components/live-demo';
