// The platform's ad genre list (programs/marquee/ad-genres.json): a campaign's target_genres is a
// bitmask over it, bit i = genres[i], 0 = every film. The server reads the same file.
import adGenresJson from '../../../../programs/marquee/ad-genres.json'

export const AD_GENRES: readonly string[] = adGenresJson.genres

/** The bitmask of the named genres (case-insensitive); throws on a name the list does not have. */
export function genreMask(names: readonly string[]): bigint {
  let mask = 0n
  for (const name of names) {
    const index = AD_GENRES.findIndex((genre) => genre.toLowerCase() === name.toLowerCase())
    if (index < 0) throw new Error(`Unknown ad genre: ${name}`)
    mask |= 1n << BigInt(index)
  }
  return mask
}
