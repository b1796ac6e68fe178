/**
 * Progressive handicaps: the rating update after a race.
 *
 * NHC — SWNHC2015 as built into Sailwave ("NHC1"), per finisher i with applied
 * TCF L_i, series-initial (base) TCF B_i and elapsed time ET_i:
 *   O_i  = 100 / (ET_i in minutes)                    performance index
 *   P50  = mean(L) / mean(O);   Q_i = O_i × P50        fair TCF (= ΣL / (ET_i Σ 1/ET))
 *   S_i  = Q_i / L_i                                   comparative score
 *   extreme if S_i > mean(S) + sdOver·σ(S) or S_i < mean(S) − sdUnder·σ(S)   (σ population)
 *   extreme:      T_i = L_i + αPX (Q_i − L_i) if Q_i > L_i else L_i + αNX (Q_i − L_i)
 *   non-extreme:  W51 = mean(L) / mean(O) over non-extremes; X_i = O_i × W51
 *                 Y_i = L_i + αP (X_i − L_i) if X_i > L_i else L_i + αN (X_i − L_i)
 *   realign:      Z51 = ΣB / ΣZ over the finishers;  new_i = round3(Z_i × Z51)
 *   no update when fewer than minFin boats finished.
 * Defaults αP/αN/αPX/αNX = 0.30/0.15/0.15/0.075, sdOver/sdUnder = 1.5/1.0, minFin = 3.
 *
 * ECHO — Irish Sailing ECHO Guide for Clubs (2022):
 *   PI_i = ΣH / (ET_i × Σ 1/ET)   over finishers;   new_i = round3((1 − α) H_i + α PI_i)
 *   α default 0.25 (club) — 0.5 for regattas; no update when two or fewer boats finish.
 *
 * Non-finishers keep their TCF unchanged in both systems.
 */
import { roundHalfUp } from './numbers.js';

export interface NhcProfile {
  readonly alphaP: number;
  readonly alphaN: number;
  readonly alphaPX: number;
  readonly alphaNX: number;
  readonly sdOver: number;
  readonly sdUnder: number;
  readonly minFin: number;
}

export const DEFAULT_NHC_PROFILE: NhcProfile = {
  alphaP: 0.3,
  alphaN: 0.15,
  alphaPX: 0.15,
  alphaNX: 0.075,
  sdOver: 1.5,
  sdUnder: 1.0,
  minFin: 3,
};

export const DEFAULT_ECHO_ALPHA = 0.25;
export const DEFAULT_ECHO_MIN_FINISHERS = 3;

export interface ProgressiveFinisher {
  readonly boatId: string;
  /** TCF applied in this race. */
  readonly rating: number;
  /** Series-initial TCF (NHC realignment anchor); defaults to `rating`. */
  readonly baseRating?: number;
  readonly elapsedSeconds: number;
}

export interface NhcBoatUpdate {
  readonly boatId: string;
  readonly fairTcf: number;
  readonly compScore: number;
  readonly isExtreme: boolean;
  readonly extremeDirection: 'fast' | 'slow' | null;
  readonly alphaApplied: number;
  readonly provisionalTcf: number;
  readonly newRating: number;
  readonly adjustment: number;
}

export interface NhcRaceUpdate {
  readonly suppressed: boolean;
  readonly finisherCount: number;
  readonly p50: number | null;
  readonly w51: number | null;
  readonly sMean: number | null;
  readonly sStdev: number | null;
  readonly sHi: number | null;
  readonly sLo: number | null;
  readonly extremeCount: number;
  readonly realignmentFactor: number;
  readonly boats: ReadonlyMap<string, NhcBoatUpdate>;
}

const round3 = (x: number): number => roundHalfUp(x, 3);
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

export function nhcUpdate(finishers: readonly ProgressiveFinisher[], profile: NhcProfile = DEFAULT_NHC_PROFILE): NhcRaceUpdate {
  const n = finishers.length;
  if (n < profile.minFin || n === 0) {
    return {
      suppressed: true, finisherCount: n, p50: null, w51: null, sMean: null, sStdev: null, sHi: null, sLo: null,
      extremeCount: 0, realignmentFactor: 1, boats: new Map(),
    };
  }
  const L = finishers.map((f) => f.rating);
  const O = finishers.map((f) => 100 / (f.elapsedSeconds / 60));
  const p50 = mean(L) / mean(O);
  const Q = O.map((o) => o * p50);
  const S = Q.map((q, i) => q / L[i]!);
  const sMean = mean(S);
  const sStdev = Math.sqrt(mean(S.map((s) => (s - sMean) ** 2)));
  const sHi = sMean + profile.sdOver * sStdev;
  const sLo = sMean - profile.sdUnder * sStdev;
  const extreme = S.map((s) => s > sHi || s < sLo);
  const nonExtreme = finishers.map((_, i) => i).filter((i) => !extreme[i]);
  const w51 = nonExtreme.length > 0 ? mean(nonExtreme.map((i) => L[i]!)) / mean(nonExtreme.map((i) => O[i]!)) : p50;
  const Z: number[] = [];
  const alphas: number[] = [];
  for (let i = 0; i < n; i++) {
    const l = L[i]!;
    if (extreme[i]) {
      const q = Q[i]!;
      const a = q > l ? profile.alphaPX : profile.alphaNX;
      alphas.push(a);
      Z.push(a * q + (1 - a) * l);
    } else {
      const x = O[i]! * w51;
      const a = x > l ? profile.alphaP : profile.alphaN;
      alphas.push(a);
      Z.push(a * x + (1 - a) * l);
    }
  }
  const sumBase = finishers.reduce((acc, f) => acc + (f.baseRating ?? f.rating), 0);
  const z51 = sumBase / Z.reduce((a, b) => a + b, 0);
  const boats = new Map<string, NhcBoatUpdate>();
  finishers.forEach((f, i) => {
    const newRating = round3(Z[i]! * z51);
    boats.set(f.boatId, {
      boatId: f.boatId,
      fairTcf: Q[i]!,
      compScore: S[i]!,
      isExtreme: extreme[i]!,
      extremeDirection: extreme[i] ? (S[i]! > sHi ? 'fast' : 'slow') : null,
      alphaApplied: alphas[i]!,
      provisionalTcf: Z[i]!,
      newRating,
      adjustment: round3(newRating - f.rating),
    });
  });
  return {
    suppressed: false, finisherCount: n, p50, w51, sMean, sStdev, sHi, sLo,
    extremeCount: extreme.filter(Boolean).length, realignmentFactor: z51, boats,
  };
}

export interface EchoBoatUpdate {
  readonly boatId: string;
  readonly performanceIndex: number;
  readonly adjustment: number;
  readonly newRating: number;
}

export interface EchoRaceUpdate {
  readonly suppressed: boolean;
  readonly finisherCount: number;
  readonly alpha: number;
  readonly sumH: number;
  readonly sumReciprocalEt: number;
  readonly boats: ReadonlyMap<string, EchoBoatUpdate>;
}

export function echoUpdate(
  finishers: readonly ProgressiveFinisher[],
  alpha: number = DEFAULT_ECHO_ALPHA,
  minFinishers: number = DEFAULT_ECHO_MIN_FINISHERS,
): EchoRaceUpdate {
  const n = finishers.length;
  const sumH = finishers.reduce((a, f) => a + f.rating, 0);
  const sumReciprocalEt = finishers.reduce((a, f) => a + 1 / f.elapsedSeconds, 0);
  const boats = new Map<string, EchoBoatUpdate>();
  const suppressed = n < minFinishers || n === 0;
  if (!suppressed) {
    for (const f of finishers) {
      const pi = sumH / (f.elapsedSeconds * sumReciprocalEt);
      const blended = (1 - alpha) * f.rating + alpha * pi;
      boats.set(f.boatId, {
        boatId: f.boatId,
        performanceIndex: pi,
        adjustment: blended - f.rating,
        newRating: round3(blended),
      });
    }
  }
  return { suppressed, finisherCount: n, alpha, sumH, sumReciprocalEt, boats };
}
