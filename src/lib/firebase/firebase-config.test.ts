import { firebaseConfig, firebaseConfigFrom } from './firebase-config';

const complete = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_PROJECT_ID: 'connect',
  VITE_FIREBASE_MESSAGING_SENDER_ID: '123',
  VITE_FIREBASE_APP_ID: '1:123:web:abc',
  VITE_FIREBASE_VAPID_KEY: 'BPublicKey',
};

describe('the Firebase configuration of a build', () => {
  it('is complete with all five values', () => {
    expect(firebaseConfigFrom(complete)).toEqual({
      apiKey: 'key',
      projectId: 'connect',
      messagingSenderId: '123',
      appId: '1:123:web:abc',
      vapidKey: 'BPublicKey',
    });
  });

  it.each(Object.keys(complete))('is absent (push off) without %s', (missing) => {
    expect(firebaseConfigFrom({ ...complete, [missing]: undefined })).toBeNull();
    expect(firebaseConfigFrom({ ...complete, [missing]: '' })).toBeNull();
  });

  it('is absent in the tests, which build nothing with Firebase', () => {
    expect(firebaseConfig).toBeNull();
  });
});
