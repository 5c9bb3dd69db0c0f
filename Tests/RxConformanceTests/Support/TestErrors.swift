import ReactiveTesting

// RxSwift's tests share three errors (`TestError.dummyError`, `dummyError1`, `dummyError2`).
let testError = TestError("dummyError")
let testError1 = TestError("dummyError1")
let testError2 = TestError("dummyError2")
