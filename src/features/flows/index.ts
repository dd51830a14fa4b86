/** The built-in flows as the SDK guide's Flows page lists them. */
export {FlowCatalogue} from './components/flow-catalogue';
