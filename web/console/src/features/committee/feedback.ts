/**
 * Sound and vibration at each signal: a WebAudio beep (a long one at the start) and the phone's
 * vibration where it has one. The audio context is made at the first tap (browsers start sound only
 * after a gesture) and kept.
 */
let audio: AudioContext | undefined;

export function armSound(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    audio = undefined;
  }
}

export function signalFeedback(long: boolean): void {
  const ms = long ? 900 : 350;
  try {
    if (audio) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = 880;
      gain.gain.value = 0.4;
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start();
      oscillator.stop(audio.currentTime + ms / 1000);
    }
  } catch {
    // No sound on this device: the screen and the vibration still show the signal.
  }
  navigator.vibrate?.(long ? [400, 100, 400] : 250);
}
