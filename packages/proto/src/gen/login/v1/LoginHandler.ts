// Original file: protos/login/v1/login_handler.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { HttpRequest as _login_v1_HttpRequest, HttpRequest__Output as _login_v1_HttpRequest__Output } from '../../login/v1/HttpRequest';
import type { HttpResponse as _login_v1_HttpResponse, HttpResponse__Output as _login_v1_HttpResponse__Output } from '../../login/v1/HttpResponse';

export interface LoginHandlerClient extends grpc.Client {
  Callback(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  Callback(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  Callback(argument: _login_v1_HttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  Callback(argument: _login_v1_HttpRequest, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  callback(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  callback(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  callback(argument: _login_v1_HttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  callback(argument: _login_v1_HttpRequest, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  
  Login(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _login_v1_HttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  Login(argument: _login_v1_HttpRequest, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _login_v1_HttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  login(argument: _login_v1_HttpRequest, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  
  Logout(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _login_v1_HttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  Logout(argument: _login_v1_HttpRequest, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _login_v1_HttpRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _login_v1_HttpRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  logout(argument: _login_v1_HttpRequest, callback: grpc.requestCallback<_login_v1_HttpResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface LoginHandlerHandlers extends grpc.UntypedServiceImplementation {
  Callback: grpc.handleUnaryCall<_login_v1_HttpRequest__Output, _login_v1_HttpResponse>;
  
  Login: grpc.handleUnaryCall<_login_v1_HttpRequest__Output, _login_v1_HttpResponse>;
  
  Logout: grpc.handleUnaryCall<_login_v1_HttpRequest__Output, _login_v1_HttpResponse>;
  
}

export interface LoginHandlerDefinition extends grpc.ServiceDefinition {
  Callback: MethodDefinition<_login_v1_HttpRequest, _login_v1_HttpResponse, _login_v1_HttpRequest__Output, _login_v1_HttpResponse__Output>
  Login: MethodDefinition<_login_v1_HttpRequest, _login_v1_HttpResponse, _login_v1_HttpRequest__Output, _login_v1_HttpResponse__Output>
  Logout: MethodDefinition<_login_v1_HttpRequest, _login_v1_HttpResponse, _login_v1_HttpRequest__Output, _login_v1_HttpResponse__Output>
}
