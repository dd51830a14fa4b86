import MDXComponents from '@theme-original/MDXComponents';
import {
  ApiUrl,
  Greeting,
  InfoCard,
  InfoCards,
  LinkCard,
  LinkCards,
  LiveDemo,
  Panel,
  SdkUrl,
  Steps,
  Table,
} from '@site/src/components/guide';

/** The guide components, usable in any MDX page without an import (see src/components/guide). */
export default {
  ...MDXComponents,
  ApiUrl,
  Greeting,
  InfoCard,
  InfoCards,
  LinkCard,
  LinkCards,
  LiveDemo,
  Panel,
  SdkUrl,
  Steps,
  table: Table,
};
