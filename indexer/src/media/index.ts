export { MAX_UPLOAD_BYTES, MediaStore, MediaTooLargeError, UnsupportedMediaTypeError, type StoredMedia } from './store.ts';
export { mediaRoutes } from './routes.ts';
export { mediaPath } from './store.ts';
export { sniffImageType, sniffMediaType, sniffVideoType } from './sniff.ts';
