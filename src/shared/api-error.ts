// The error body every API answer uses (DESIGN.md conventions).
export interface ApiErrorBody {
  message: string;
  code: string;
  issues?: { path: string; message: string }[];
}
