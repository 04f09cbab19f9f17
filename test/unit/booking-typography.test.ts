import { describe, expect, it } from 'vitest';
import { frenchTypography } from '../../src/booking/typography.js';

const N = '\u202f';
const S = '\u00a0';

describe('frenchTypography', () => {
  it('sets a no-break space before :, a narrow one before ; ! ? and inside guillemets, whatever space was typed', () => {
    expect(frenchTypography('Nom: Ada ; merci! Vraiment ?! Oui')).toBe(
      `Nom${S}: Ada${N}; merci${N}! Vraiment${N}?! Oui`,
    );
    expect(frenchTypography('« pilote »')).toBe(`«${N}pilote${N}»`);
    expect(frenchTypography('«pilote»')).toBe(`«${N}pilote${N}»`);
  });

  it('holds amounts and clock times together with no-break spaces', () => {
    expect(frenchTypography('de 299 € à 1 234,50 €')).toBe(`de 299${S}€ à 1${N}234,50${S}€`);
    expect(frenchTypography('Paris à 8 h 30, Lyon vers 13 h.')).toBe(`Paris à 8${S}h${S}30, Lyon vers 13${S}h.`);
    expect(frenchTypography('2 hommes, 12 heures')).toBe('2 hommes, 12 heures');
  });

  it('writes the typographic apostrophe between letters', () => {
    expect(frenchTypography("l'aller d'Hélène O'Brien")).toBe('l\u2019aller d\u2019Hélène O\u2019Brien');
  });

  it('leaves e-mail addresses, links and clock times in digits exactly as written', () => {
    expect(frenchTypography("o'brien@exemple.fr; https://symone.fr/moto?tab=a&b=c'd! 08:30 www.exemple.fr/x?y")).toBe(
      `o'brien@exemple.fr${N}; https://symone.fr/moto?tab=a&b=c'd${N}! 08:30 www.exemple.fr/x?y`,
    );
    expect(frenchTypography('Écrire à jean@exemple.fr : merci')).toBe(`Écrire à jean@exemple.fr${S}: merci`);
  });

  it('changes nothing the second time', () => {
    const once = frenchTypography("Nom : « l'aller » à 8 h 30, 1 234 € ! Vraiment ?");
    expect(frenchTypography(once)).toBe(once);
  });
});
