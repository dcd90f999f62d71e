/** Placeholder until the voice client lands (issue 25): the real one chooses the microphone. */
export function MicrophoneSetting() {
  return <p className="text-sm text-muted-foreground">Microphone settings arrive with voice messages.</p>;
}
