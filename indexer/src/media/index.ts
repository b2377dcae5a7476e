export { MediaStore, MediaTooLargeError, UnsupportedMediaTypeError, type StoredMedia } from './store.ts';
export { mediaRoutes, mediaPath } from './routes.ts';
export { sniffImageType } from './sniff.ts';
