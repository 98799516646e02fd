import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError } from '../../lib/app-error';
import { idpCertificate, idpMetadataXml } from '../../../test/saml-idp-metadata';
import { parseIdpMetadata } from './saml-metadata';

let certificate = '';
beforeAll(async () => {
  certificate = (await idpCertificate()).body;
});

const metadata = () =>
  idpMetadataXml({
    entityId: 'https://idp.example.test/saml',
    ssoUrl: 'https://idp.example.test/sso',
    certificates: [certificate],
  });

/** Either the metadata is read, or the owner is told why (400 on the field), never a crash. */
function readsOrRefuses(xml: string): void {
  try {
    parseIdpMetadata(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).options.inputError).toBe('saml.metadata_xml');
  }
}

describe('parseIdpMetadata', () => {
  it('reads a certificate split over lines as IdPs print it', () => {
    const wrapped = certificate.replace(/(.{64})/g, '$1\n        ');
    const idp = parseIdpMetadata(metadata().replace(certificate, wrapped));
    expect(idp.certificates).toEqual([certificate]);
  });

  it('reads the descriptor inside an EntitiesDescriptor, and an http sign-on URL on this machine', () => {
    const inner = idpMetadataXml({
      entityId: 'urn:local-idp',
      ssoUrl: 'http://127.0.0.1:7000/sso',
      certificates: [certificate],
    }).replace('<?xml version="1.0" encoding="UTF-8"?>', '');
    const xml = `<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata">${inner}</md:EntitiesDescriptor>`;
    expect(parseIdpMetadata(xml)).toMatchObject({
      entityId: 'urn:local-idp',
      ssoUrl: 'http://127.0.0.1:7000/sso',
    });
  });

  it('expands no external entity (XXE)', () => {
    const xml = metadata()
      .replace(
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?xml version="1.0"?><!DOCTYPE md [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      )
      .replace('https://idp.example.test/saml', '&xxe;');
    let entityId = '';
    try {
      entityId = parseIdpMetadata(xml).entityId;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
    }
    expect(entityId).not.toContain('root:');
  });

  it('reads or refuses any text, and any cut of a real document', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => readsOrRefuses(text)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (a, b) => {
        const xml = metadata();
        const [from, to] = [a % xml.length, b % xml.length].sort((x, y) => x - y);
        readsOrRefuses(xml.slice(0, from!) + xml.slice(to!));
      }),
      { numRuns: 300 },
    );
  });
});
