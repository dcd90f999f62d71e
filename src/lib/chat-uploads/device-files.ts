/** Placeholder until the upload engine lands (issue 25): removes an attachment's bytes kept on the device. */
export async function removeDeviceFile(uploadId: string): Promise<void> {
  void uploadId;
  return Promise.resolve();
}
