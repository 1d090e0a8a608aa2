// Where the patient uploads a new file of a category: the document center opened on it. Its own
// file so every step of the journey (the visit's and the state application's) links the same way.

const DOCUMENT_CENTER = '/patient/documents';

export const uploadRouteFor = (category: string) =>
  `${DOCUMENT_CENTER}?category=${encodeURIComponent(category)}`;
