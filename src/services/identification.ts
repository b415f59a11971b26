import { apiPaths } from '../contract/paths';
import type { AddIdentificationRequest, Identification, UploadedImage } from '../contract/identification';
import { currentUserId, get, getBlob, post } from './http';
import { uploadFile, type UploadCall } from './upload';

type Call = { signal?: AbortSignal };

export const getIdentifications = (call: Call = {}) =>
  get<Identification[]>(apiPaths.identificationsByUser, { ...call, query: { userId: currentUserId() } });

/** The body without the user, whom the client takes from the session. */
export const addIdentification = (payload: Omit<AddIdentificationRequest, 'userId'>, call: Call = {}) =>
  post<Identification>(apiPaths.addIdentification, { ...payload, userId: currentUserId() }, call);

/** The bytes of one of the user's own ID images (shown through a blob: URL that the caller revokes). */
export const getIdentificationImage = (imageId: string, call: Call = {}) =>
  getBlob(apiPaths.identificationImage, { ...call, query: { imageId }, headers: { Accept: 'image/*' } });

/** POST the ID image as multipart (field `image`), with its upload progress (services/upload.ts). */
export const uploadIdentificationImage = (file: Blob, call: UploadCall = {}): Promise<UploadedImage> =>
  uploadFile<UploadedImage>(apiPaths.uploadIdentificationImage, 'image', file, call);
