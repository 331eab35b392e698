/**
 * The study's twelve workloads (shared/reference/paper.md): benchmarks draw them so that their figures compare across
 * sets and sessions.
 */
export const STUDY_WORKLOADS = [
  "resnet26-c10-b128",
  "resnet26-c10-b32",
  "resnet50-i64-b128",
  "resnet50-i64-b32",
  "resnet152-in-b128",
  "resnet152-in-b32",
  "cait-c10-b128",
  "cait-i64-b128",
  "cait-in-b128",
  "effnetv2s-c10-b128",
  "effnetv2s-i64-b128",
  "effnetv2s-in-b128",
];
