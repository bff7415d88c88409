import { StoreBoot } from './app/store-boot';
import { start } from './app/start';
import { shopStrings } from './features/shop';

// store.html: what /store/{storeId}, its product pages, the checkout's return page and the
// notify-me links serve (see app/store-boot.tsx).
start(<StoreBoot />, [shopStrings]);
