import { ShareBoot } from './app/share-boot';
import { start } from './app/start';
import { publicListStrings } from './features/public-list';

// share.html: what a /share/{userId}/{listType} link serves (see app/share-boot.tsx).
start(<ShareBoot />, [publicListStrings]);
