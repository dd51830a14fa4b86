/** The live demo as the guide's MDX uses it: a placeholder, then the demo's own chunk in the browser. */
export {LiveDemo} from './components/deferred-live-demo';
