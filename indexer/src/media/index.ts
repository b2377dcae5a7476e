export { MAX_UPLOAD_BYTES, MediaStore, MediaTooLargeError, UnsupportedMediaTypeError, type StoredMedia } from './store.ts';
export { mediaRoutes, mediaPath } from './routes.ts';
export { sniffImageType, sniffMediaType, sniffVideoType } from './sniff.ts';
