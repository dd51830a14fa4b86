import MDXComponents from '@theme-original/MDXComponents';
import {
  ApiUrl,
  InfoCard,
  InfoCards,
  LinkCard,
  LinkCards,
  Panel,
  SdkUrl,
  Steps,
  Table,
} from '@site/src/components/guide';
import {LiveDemo} from '@site/src/features/demo';
import {Greeting} from '@site/src/features/session/components/greeting';

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
